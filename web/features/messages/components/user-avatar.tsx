/** A sender's avatar, or the first letter of their name on a tinted disc. */
export function UserAvatar({ name, src }: { name: string; src: string | null }) {
  if (src) {
    return (
      <img src={src} alt="" className="size-9 shrink-0 rounded-full border object-cover" loading="lazy" />
    );
  }
  return (
    <span
      aria-hidden
      className="grid size-9 shrink-0 place-items-center rounded-full bg-primary/10 font-semibold text-primary text-sm uppercase"
    >
      {name.slice(0, 1) || '?'}
    </span>
  );
}
