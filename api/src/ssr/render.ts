/** Rendering a page and sending it (SITE-DELIVERY): the coding the client takes, the last-resort error page. */
import { REFRESH_COOKIE } from '@studio/site/cookies';
import { isAdminPath, isHtmlFirstPath } from '@studio/site/pages';
import type { RenderRequest } from '@studio/site/ssr';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLServer } from '../graphql/server.js';
import type { Config } from '../platform/config.js';
import { cspNonce } from '../platform/security/headers.js';
import { pageEncoding } from './encoding.js';
import type { EntryLoader } from './entry.js';
import type { FlightAnswer, PageCoding } from './pageCache.js';
import { SPECULATION_RULES_HEADER } from './speculation.js';

/** Shown only when rendering itself failed (the app's own 500 page could not be rendered). */
const FALLBACK_ERROR_PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Internal Server Error</title></head>' +
  '<body style="font-family:system-ui,sans-serif;padding:32px"><main><h1>Internal Server Error</h1><p><a href="/">Home</a></p></main></body></html>';

/** The request's cookies as parsed by @fastify/cookie. */
export function requestCookies(request: FastifyRequest): Record<string, string | undefined> {
  return (request as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies ?? {};
}

/** Sends `html` with `status` in the coding the client prefers; `coded` gives the compressed body. */
export async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  html: Buffer,
  coded: (coding: PageCoding) => Buffer | Promise<Buffer>,
) {
  const encoding = pageEncoding(request.headers['accept-encoding']);
  reply.status(status).type('text/html; charset=utf-8');
  if (!reply.hasHeader('vary')) reply.header('vary', 'Accept-Encoding, Cookie');
  // Documents prerender their links on intent (SITE-DELIVERY); the rules never change per request.
  if (isHtmlFirstPath(request.url.split('?')[0] ?? '/')) reply.header('speculation-rules', SPECULATION_RULES_HEADER);
  if (encoding === 'identity') return reply.send(html);
  return reply.header('content-encoding', encoding).send(await coded(encoding));
}

/** The last resort when rendering itself failed (page errors render the localized error page inside the app). */
export function sendRenderFailure(reply: FastifyReply, bot: boolean) {
  return reply
    .status(500)
    .type('text/html; charset=utf-8')
    .send(bot ? '' : FALLBACK_ERROR_PAGE);
}

/** What a page render needs: the entry, the settings, the in-process GraphQL and the admin check. */
export interface RenderDeps {
  config: Config;
  graphql: GraphQLServer;
  authProviders: RenderRequest['authProviders'];
  /** The role of a refresh token's live session, or null (auth/sessions.ts; ADMIN-AREA). */
  roleOf?: ((refreshToken: string) => Promise<string | null>) | undefined;
  loadEntry: EntryLoader;
}

/** A function that renders `request` (the theme and session come from its cookies); it throws when the entry does. */
export function pageRenderer(deps: RenderDeps) {
  const { config, graphql } = deps;
  return async (request: FastifyRequest, reply: FastifyReply, signedIn: boolean) => {
    const loadEntry = deps.loadEntry;
    const loaded = await loadEntry(request.url);
    // Administrators' pages answer 404 to everyone else already on the server (ADMIN-AREA).
    const refreshToken = requestCookies(request)[REFRESH_COOKIE];
    const viewerRole = signedIn && refreshToken && deps.roleOf && isAdminPath(request.url.split('?')[0] ?? '/') ? await deps.roleOf(refreshToken) : null;
    // Vite's inline preamble (development only) runs under the CSP with this response's nonce.
    const assets = loaded.assets.devHead
      ? { ...loaded.assets, devHead: loaded.assets.devHead.replace(/<script\b/g, `<script nonce="${cspNonce(reply)}"`) }
      : loaded.assets;
    try {
      return await loaded.entry.render({
        url: `${config.publicUrl}${request.url}`,
        headers: request.headers as Record<string, string | undefined>,
        signedIn,
        viewerRole,
        siteName: config.siteName,
        publicUrl: config.publicUrl,
        webSocketUrl: config.publicWsUrl,
        buildPollIntervalMs: config.buildPollIntervalMs,
        authProviders: deps.authProviders,
        analytics: config.env === 'production', // ANALYTICS-BEACON
        assets,
        executeOperation: graphql.executeOperation,
      });
    } catch (error) {
      request.log.error({ err: error }, 'page render failed');
      throw error;
    }
  };
}

/** Sends a render's answer (shared by a flight's requests, or one signed-in request's own). */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: FlightAnswer, bot: boolean) {
  if (answer.location !== undefined) return reply.redirect(answer.location, answer.status);
  // Bots get the status without an error page (SITE-PAGES).
  if (bot && answer.status >= 400) return reply.status(answer.status).type('text/plain; charset=utf-8').send('');
  const { body } = answer;
  return sendPage(request, reply, answer.status, body.html, (coding) => body.encoded(coding));
}
