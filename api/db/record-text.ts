// A row's text form as PostgreSQL writes it for `(x.*)::text` (record_out): `(a,,"b c")`. Each
// field is its type's text output, as the wire protocol's text format sends it; an empty field is
// null, and a field is quoted ("", with " and \ escaped by doubling or a backslash) whenever it
// holds a quote, a backslash, a parenthesis, a comma or white space, or is the empty string.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The `count` fields of a record's text form, null for a null field; throws on anything else. */
export function recordFields(text: string, count: number): (string | null)[] {
  const fields: (string | null)[] = new Array(count);
  if (text.charCodeAt(0) !== 0x28) throw new Error("not a record's text");
  let i = 1;
  for (let f = 0; f < count; f++) {
    const last = f === count - 1;
    if (text.charCodeAt(i) === QUOTE) {
      let value = "";
      let start = ++i;
      for (;;) {
        const ch = text.charCodeAt(i);
        if (ch === QUOTE) {
          // "" inside quotes is one quote; a lone one ends the field.
          if (text.charCodeAt(i + 1) === QUOTE) {
            value += text.slice(start, i + 1);
            i += 2;
            start = i;
            continue;
          }
          value += text.slice(start, i);
          i++;
          break;
        }
        if (ch === BACKSLASH) {
          value += text.slice(start, i);
          start = i + 1;
          i += 2;
          continue;
        }
        if (Number.isNaN(ch)) throw new Error("a record's quoted field does not end");
        i++;
      }
      fields[f] = value;
    } else {
      // Unquoted, a field holds no comma nor parenthesis: it ends at the next separator.
      let end = text.indexOf(",", i);
      if (last) {
        if (end !== -1) throw new Error("a record has more fields than its columns");
        end = text.length - 1;
      }
      if (end < i) throw new Error("a record has fewer fields than its columns");
      fields[f] = end === i ? null : text.slice(i, end);
      i = end;
    }
    const separator = text.charCodeAt(i);
    if (separator !== (last ? 0x29 : 0x2c))
      throw new Error("a record's fields do not match its columns");
    i++;
  }
  if (i !== text.length) throw new Error("a record has more fields than its columns");
  return fields;
}
