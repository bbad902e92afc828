/**
 * A race time as every surface writes it (pages, files, diplomas, mails): seconds as `h:mm:ss`,
 * tenths when there are any (`1:02:03.4`), `mm:ss` under an hour; the decimal mark the language's.
 */
export function formatRaceTime(seconds: number, decimalMark: "." | "," = "."): string {
  const tenths = Math.round(seconds * 10);
  const whole = Math.floor(tenths / 10);
  const [hours, minutes, rest] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const clock = `${String(minutes).padStart(hours > 0 ? 2 : 1, "0")}:${String(rest).padStart(2, "0")}`;
  const fraction = tenths % 10 === 0 ? "" : `${decimalMark}${tenths % 10}`;
  return `${hours > 0 ? `${hours}:` : ""}${clock}${fraction}`;
}
