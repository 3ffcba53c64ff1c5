/**
 * Who may keep an answer (issue 45 §4, docs/security.md), decided here for every answer rather than route by
 * route: one whose route did not say is `no-store`, so a signed-in answer (a list, a record, auth/info, a CSV
 * export, a PDF) never rests in a shared cache or on the browser's disk. A public contract may say what its
 * answer allows (`cache`: the calculator's prices, `public, max-age=60`), for callers without a session
 * only, since the same URL may answer a signed-in member with its own fare. A route that sets its own
 * (file links, the built client's files, the pages) keeps it; an error is never kept.
 */
import fp from 'fastify-plugin';

const NO_STORE = 'no-store';

export default fp(async (app) => {
  app.addHook('onSend', (request, reply, payload, done) => {
    const own = reply.getHeader('cache-control');
    if (reply.statusCode >= 400) reply.header('cache-control', NO_STORE);
    else if (own === undefined) {
      const declared = request.routeOptions.config?.contract?.cache;
      if (declared && !request.user) reply.header('cache-control', declared).header('vary', 'cookie, x-token');
      else reply.header('cache-control', NO_STORE);
    }
    done(null, payload);
  });
}, { name: 'caching' });
