// Test helpers for CSV files: an RFC 4180 reader (quoted fields may hold commas, "" and line
// breaks) and Shift_JIS decoding that fails on any byte sequence Shift_JIS does not define.
export function decodeShiftJis(bytes: Uint8Array | ArrayBuffer): string {
  return new TextDecoder("shift_jis", { fatal: true }).decode(bytes);
}

/** Records of a CSV text whose records end in CRLF; throws on anything RFC 4180 does not allow. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = "";
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error("unterminated quoted field");
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== "," && text[i] !== "\r" && text[i] !== "\n") {
        field += text[i++];
      }
    }
    record.push(field);
    if (text[i] === ",") {
      i++;
    } else if (text.startsWith("\r\n", i)) {
      records.push(record);
      record = [];
      i += 2;
    } else {
      throw new Error(`unexpected ${JSON.stringify(text[i] ?? "end of file")} at ${i}`);
    }
  }
  if (record.length > 0) throw new Error("last record without CRLF");
  return records;
}
