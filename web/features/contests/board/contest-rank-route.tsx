/** Placeholder: built by its owner in issue 7. */
export function Component() {
  return null;
}
