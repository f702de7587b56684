/**
 * The invisible characters that set the direction of the text after them (embeddings, overrides,
 * isolates and the three direction marks). In a name they make `‮toor` read as "root" and can
 * turn the site's own words after the name around; no name needs them, since a name in Arabic or
 * Hebrew reads right to left by its letters alone.
 */
const DIRECTION_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

export const hasDirectionControls = (text: string) => DIRECTION_CONTROLS.test(text);
