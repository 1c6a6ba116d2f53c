// react-dom 18.3's Node renderer (renderToPipeableStream) flushes its whole 2048-byte buffer when a
// multi-byte character does not fit at its end, so the unused tail goes out as NUL bytes
// (facebook/react#24985, fixed in React 19): Japanese pages then carry stray NULs that browsers show
// as U+FFFD and that break hydration. A NUL never belongs in our HTML (and 0x00 never occurs inside
// a UTF-8 multi-byte sequence), so the response drops every 0x00 byte on its way out.
import { Transform } from "node:stream";

export function withoutNulBytes(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!chunk.includes(0)) return done(null, chunk);
      const kept = Buffer.allocUnsafe(chunk.length);
      let length = 0;
      for (const byte of chunk) if (byte !== 0) kept[length++] = byte;
      done(null, kept.subarray(0, length));
    },
  });
}
