/**
 * How the server delivers the web app and its answers (docs/benchmarks.md, first load). One
 * place for the figures the build (precompression) and the server (on-the-fly compression,
 * cache headers) share.
 */
export const WEB_DELIVERY = {
  /**
   * Bodies smaller than this are sent as they are: below about a kilobyte a compressed body
   * saves less than the packet it rides in, and the CPU is wasted.
   */
  compressMinBytes: 1024,
  /** Content-hashed assets never change under their name: browsers may keep them a year. */
  immutableMaxAgeSeconds: 31_536_000,
  /** A meta description longer than this is cut at a word (search engines show about 155 characters). */
  descriptionMaxChars: 160,
  /**
   * How long the server waits for a screen's first data before it sends the page without it (the
   * app then asks itself): a slow database must not hold every first load (web/ssr).
   */
  firstDataBudgetMs: 300,
  /**
   * A page rendered with data is served again for this long: a burst of visitors to one page costs
   * one render, and what they see is no older than the API's own caches make it.
   */
  firstDataKeepMs: 2000,
} as const;
