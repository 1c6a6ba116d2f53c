// The text of a PDF, as a reader's copy-and-paste would give it, for asserting documents' content
// (STACK-NOTES 19: pdfjs-dist in Node, nothing to install on the system).
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export interface PdfText {
  pages: number;
  /** Width and height of the first page in points. */
  size: [number, number];
  /** Every page's text items joined, white space collapsed. */
  text: string;
}

export async function pdfText(bytes: Uint8Array | ArrayBuffer): Promise<PdfText> {
  const data = new Uint8Array(bytes instanceof ArrayBuffer ? bytes : bytes.slice());
  const pdf = await getDocument({ data, useSystemFonts: false, isEvalSupported: false }).promise;
  try {
    const parts: string[] = [];
    let size: [number, number] = [0, 0];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      if (n === 1) size = [page.view[2]!, page.view[3]!];
      const content = await page.getTextContent();
      for (const item of content.items) if ("str" in item) parts.push(item.str);
    }
    return { pages: pdf.numPages, size, text: parts.join(" ").replace(/\s+/g, " ") };
  } finally {
    await pdf.destroy();
  }
}
