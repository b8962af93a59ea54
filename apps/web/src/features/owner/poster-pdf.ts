import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import QRCode from 'qrcode';
import { posterLayout, posterQrUrl, type PosterInput, type PosterLine } from './poster-layout';

/*
 * Draws the poster with pdf-lib; the QR code is drawn as vector squares (sharp at any print size, no canvas).
 * Loaded on demand: pdf-lib is heavy (decision 0025, "Measurements") and only the poster button needs it.
 */

const PRIMARY = rgb(0xf0 / 255, 0x60 / 255, 0x23 / 255);
const TEXT = rgb(0x21 / 255, 0x21 / 255, 0x21 / 255);

/** The standard PDF fonts know Latin-1 and a few more (€, œ, ’): other characters become close ones. */
function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text.normalize('NFC')]
    .map((ch) => {
      if (known.has(ch.codePointAt(0)!)) return ch;
      if (/[\u00a0\u202f\u2009]/.test(ch)) return ' ';
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      return [...base].every((c) => known.has(c.codePointAt(0)!)) ? base : '?';
    })
    .join('');
}

function readableUrl(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

export async function createPosterPdf(input: PosterInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Affiche — ${input.name}`);
  pdf.setLanguage('fr-FR');
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const safe: PosterInput = {
    siteName: printable(bold, input.siteName),
    name: printable(bold, input.name),
    town: printable(regular, input.town),
    // Printed for people (accents rather than %C3%A9); the QR code carries the exact address.
    url: printable(regular, readableUrl(input.url)),
  };
  const layout = posterLayout(safe, (text, size) => bold.widthOfTextAtSize(text, size));
  const page = pdf.addPage([layout.page.width, layout.page.height]);

  page.drawRectangle({ ...layout.band, color: PRIMARY });
  const draw = (line: PosterLine, font: PDFFont) =>
    page.drawText(line.text, { x: line.x, y: line.y, size: line.size, font, color: TEXT });
  draw(layout.siteName, bold);
  layout.title.forEach((line) => draw(line, bold));
  draw(layout.town, regular);
  draw(layout.call, bold);
  layout.url.forEach((line) => draw(line, regular));

  const modules = QRCode.create(posterQrUrl(input.url), { errorCorrectionLevel: 'M' }).modules;
  // A quiet zone of 4 modules around the code, as scanners expect.
  const cell = layout.qr.size / (modules.size + 8);
  const originX = layout.qr.x + 4 * cell;
  const originY = layout.qr.y + layout.qr.size - 4 * cell;
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (!modules.get(row, col)) continue;
      page.drawRectangle({
        x: originX + col * cell,
        y: originY - (row + 1) * cell,
        width: cell,
        height: cell,
        color: TEXT,
      });
    }
  }
  return pdf.save();
}

/** Builds the poster and hands it to the browser as a download. */
export async function downloadPoster(input: PosterInput, fileName: string): Promise<void> {
  const bytes = await createPosterPdf(input);
  const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
