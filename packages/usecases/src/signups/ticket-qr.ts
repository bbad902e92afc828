import QRCode from "qrcode";

/**
 * A ticket's QR code, holding the ticket code alone (what the check-in desk reads): as an SVG for
 * pages (drawn on the server, so no QR library reaches the browser) and as a PNG data URL for mails.
 * Error correction M: a crumpled printout or a scratched screen still reads.
 */
export function ticketQrSvg(code: string): string {
  const { modules } = QRCode.create(code, { errorCorrectionLevel: "M" });
  const margin = 2;
  const size = modules.size + margin * 2;
  let path = "";
  for (let row = 0; row < modules.size; row++)
    for (let column = 0; column < modules.size; column++)
      if (modules.get(row, column)) path += `M${column + margin} ${row + margin}h1v1h-1z`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`;
}

export async function ticketQrDataUrl(code: string): Promise<string> {
  return QRCode.toDataURL(code, { errorCorrectionLevel: "M", margin: 2, width: 360 });
}
