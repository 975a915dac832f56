/**
 * The small files the web app needs beside its pages: the locale messages (SITE-LOCALES), the
 * build descriptors (SITE-BUILD), `/sw.js`, the link-preview image and the favicon.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isLocale } from '@studio/site/locales';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../platform/config.js';
import { registerServiceWorkerRoute } from './serviceWorker.js';

/** Registers the small files' routes; in development they are read from web/public on every request. */
export function registerSmallFiles(app: FastifyInstance, config: Config, viteDev: boolean): void {
  const clientDir = join(config.webDistDir, 'client');
  const publicDir = join(config.webDistDir, '..', 'public');
  // Small files answered from memory; in development they change, so they are read each time.
  const files = new Map<string, Buffer | null>();
  const readSmallFile = (file: string): Buffer | null => {
    if (viteDev) return existsSync(file) ? readFileSync(file) : null;
    if (!files.has(file)) files.set(file, existsSync(file) ? readFileSync(file) : null);
    return files.get(file) ?? null;
  };

  // Locale messages of each site locale (SITE-LOCALES), cached 24 hours.
  const messagesDir = viteDev ? join(publicDir, '_i18n') : join(clientDir, '_i18n');
  app.get<{ Params: { locale: string } }>('/_i18n/:locale/messages.json', (request, reply) => {
    const { locale } = request.params;
    const body = isLocale(locale) ? readSmallFile(join(messagesDir, locale, 'messages.json')) : null;
    if (!body) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No messages for locale ${locale}` } });
    return reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=86400').send(body);
  });

  // Build descriptors (SITE-BUILD): `latest.json` names the deployed build and is read from disk on
  // every request, so a build written under a running server is noticed; `<id>.json` lists a build's files.
  const buildDir = join(clientDir, '_build');
  app.get<{ Params: { file: string } }>('/_build/:file', (request, reply) => {
    const { file } = request.params;
    const path = /^[\w-]+\.json$/.test(file) ? join(buildDir, file) : null;
    if (!path || !existsSync(path)) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No build descriptor ${file}` } });
    const latest = file === 'latest.json';
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', latest ? 'no-cache' : 'public, max-age=86400')
      .send(latest ? readFileSync(path) : readSmallFile(path));
  });

  registerServiceWorkerRoute(app, { config, viteDev });

  // The link-preview image of every page (Open Graph, Twitter card): 1200×630 PNG.
  app.get('/og-image.png', (_request, reply) => {
    const body = readSmallFile(viteDev ? join(publicDir, 'og-image.png') : join(clientDir, 'og-image.png'));
    if (!body) return reply.status(404).send();
    return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(body);
  });

  app.get('/favicon.ico', (_request, reply) => reply.redirect('/favicon.svg', 301));
  app.get('/favicon.svg', (_request, reply) => {
    const file = viteDev ? join(publicDir, 'favicon.svg') : join(clientDir, 'favicon.svg');
    const body = readSmallFile(file);
    if (!body) return reply.status(404).send();
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(body);
  });
}
