import type { TimingTable } from "@sports/domain";
export async function readTimingXlsx(_bytes: Uint8Array): Promise<Pick<TimingTable, "columns" | "rows">> {
  throw new Error("stub");
}
