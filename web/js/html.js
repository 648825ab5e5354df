// The one way text from the server (names, points, results, errors) enters HTML built as
// a string: every value interpolated into markup goes through `esc`, which makes it text
// in element content and in quoted attribute values alike. Text set on its own goes
// through `textContent` instead.

const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `value` as HTML text: `&`, `<`, `>` and both quotes escaped; null and undefined as ''. */
export function esc(value) {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
