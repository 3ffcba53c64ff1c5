/**
 * Once PUBLIC_URL says where the app is served, a request for another name is refused (421, in Spanish)
 * before anything else reads it: a page of a hostile site whose name was pointed at this server (DNS
 * rebinding) is not answered, nor is a Host header forged to get other names into what the answer says.
 * The public URL's own name, the loopback names (this machine, a proxy on it) and ALLOWED_HOSTS pass.
 * Without PUBLIC_URL nothing is checked: the office that opens the app by a LAN name over plain HTTP
 * keeps working as it always has.
 */
import fp from 'fastify-plugin';
import { Code } from '../../shared/codes';
import { Msg } from '../../shared/messages';
import { ApiError } from '../errors';

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** A Host header's (or an address's) name, lower case, without port or final dot; null when it names none. */
function hostName(host: string | undefined): string | null {
  if (!host) return null;
  try {
    const { hostname, username, password, pathname, search } = new URL(`http://${host}`);
    // "a@b", "a/b", "a?b" make a URL but are no Host header.
    if (username || password || pathname !== '/' || search || !hostname) return null;
    return hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return null;
  }
}

export default fp<{ publicUrl: string; publicUrlSet: boolean; allowedHosts: readonly string[] }>(async (app, opts) => {
  if (!opts.publicUrlSet) return;
  const served = new Set([new URL(opts.publicUrl).hostname.toLowerCase(), ...LOOPBACK, ...opts.allowedHosts.map(hostName)]);
  // Behind a proxy trusted with TRUST_PROXY, the name the browser asked for is X-Forwarded-Host (request.host).
  app.addHook('onRequest', async (request) => {
    const name = hostName(request.host);
    if (!name || !served.has(name)) throw new ApiError(Code.error, 421, Msg.hostNotServed(opts.publicUrl));
  });
}, { name: 'host-check' });
