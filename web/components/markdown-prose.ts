/**
 * Typography of rendered Markdown (statements, announcements, notices): one set of classes for
 * the client's Markdown component and for statement HTML rendered on the server, so both look the same.
 * A word longer than the line breaks anywhere: a pane sized by its content (the problem page's)
 * would otherwise grow to the width of 3,000 characters written without a space.
 */
export const markdownProseClass = [
  'max-w-none wrap-anywhere text-sm leading-7',
  '[&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_a]:text-primary [&_a]:underline [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5',
  '[&_pre]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_table]:my-2 [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2 [&_img]:max-w-full [&_img]:bg-white',
  '[&_.katex-display]:overflow-x-auto [&_.katex-display]:overflow-y-hidden',
].join(' ');
