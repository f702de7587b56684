/**
 * The judge protocol on the wire (docs/scaling.md, The judge protocol), with the judge token, as a
 * daemon of any make would speak it: what tests/api/faults.test.ts's garbage judge sends. Bodies
 * go as given (a string is sent as is, so broken JSON can be sent too).
 */
export interface WireAnswer {
  status: number;
  data: unknown;
  msg: string;
}

export function judgeWire(url: string, token: string): (path: string, body: unknown) => Promise<WireAnswer> {
  return async (path, body) => {
    const res = await fetch(`${url}/api/judge/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-judge-token': token, 'accept-language': 'en-US' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let json: { data?: unknown; msg?: string } = {};
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      // not JSON: the status says enough
    }
    return { status: res.status, data: json.data, msg: json.msg ?? text.slice(0, 200) };
  };
}
