import type { AddressInfo } from 'node:net';

/**
 * The address mailed links point to. Never the request's Host or X-Forwarded-Host: anyone can send
 * those, and a reset link on their host would hand them the code (docs/security.md). PUBLIC_URL
 * wins, then the site setting baseUrl, then the address this server listens on, so a fresh install
 * works on its own machine out of the box; the start-up log says to set one of the first two.
 */
export function mailLinkBase(publicUrl: string | null, baseUrl: string, listenOrigin: string): string {
  return (publicUrl || baseUrl || listenOrigin).replace(/\/+$/, '');
}

/** `http://host:port` of the listening socket; a wildcard address reads as localhost. */
export function listenOrigin(address: AddressInfo | string | null): string {
  if (!address || typeof address === 'string') return 'http://localhost';
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
