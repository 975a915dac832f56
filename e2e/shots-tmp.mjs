import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const pages = process.argv.slice(2);
for (const spec of pages) {
  const [path, theme = 'light', width = '1280'] = spec.split('|');
  const ctx = await b.newContext({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36', viewport: { width: Number(width), height: 900 }, colorScheme: theme });
  const p = await ctx.newPage();
  p.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('CONSOLE', path, m.type(), m.text().slice(0, 300)); });
  p.on('pageerror', (e) => console.log('PAGEERROR', path, e.message));
  const r = await p.goto('http://localhost:3300' + path, { waitUntil: 'networkidle' });
  await p.waitForTimeout(300);
  const name = path.replace(/[\/?=]/g, '_') + '-' + theme + '-' + width;
  await p.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
  console.log(r.status(), path, name);
  await ctx.close();
}
await b.close();
