// Draws the installable app's icons once (an SVG rendered by headless Chromium) and writes them
// to public/: icon-192.png and icon-512.png (rounded, for browsers and desktops) and
// icon-maskable-512.png (full bleed, the drawing inside the central safe zone, for phones that
// cut their own shape). Run again after changing the drawing: `node scripts/icons.mjs`
// (CHROMIUM names the browser, /usr/bin/chromium by default); the PNGs are committed.

import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const out = join(dirname(fileURLToPath(import.meta.url)), '../public');

/** The drawing on a 512 unit square: a card with a 6 and a bull's head, on the room's red.
 * `scale` shrinks it around the centre (the maskable icon keeps it in the safe zone). */
function svg({ maskable }) {
  const scale = maskable ? 0.72 : 0.9;
  const bg = maskable
    ? '<rect width="512" height="512" fill="#c0392b"/>'
    : '<rect x="8" y="8" width="496" height="496" rx="104" fill="#c0392b"/>';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  ${bg}
  <g transform="translate(256 256) scale(${scale}) translate(-256 -256)">
    <g transform="rotate(-8 256 256)">
      <rect x="136" y="70" width="240" height="360" rx="30" fill="#fffaf0" stroke="#7a1f16" stroke-width="10"/>
      <text x="256" y="318" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="800" font-size="190" fill="#7a1f16">6</text>
      <g transform="translate(256 376)" fill="#7a1f16">
        <path d="M-58 -22 C-70 -44 -64 -58 -46 -62 C-52 -48 -46 -38 -30 -30 Z"/>
        <path d="M58 -22 C70 -44 64 -58 46 -62 C52 -48 46 -38 30 -30 Z"/>
        <ellipse cx="0" cy="-10" rx="38" ry="32"/>
        <ellipse cx="0" cy="8" rx="24" ry="14" fill="#f3b6a8"/>
        <circle cx="-14" cy="-16" r="6" fill="#fffaf0"/>
        <circle cx="14" cy="-16" r="6" fill="#fffaf0"/>
      </g>
    </g>
  </g>
</svg>`;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true });
try {
  for (const [name, size, maskable] of [
    ['icon-192.png', 192, false],
    ['icon-512.png', 512, false],
    ['icon-maskable-512.png', 512, true],
  ]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg({ maskable }).replace('width="512" height="512"', `width="${size}" height="${size}"`)}</body></html>`,
    );
    writeFileSync(join(out, name), await page.screenshot({ omitBackground: true }));
    await page.close();
    console.log(`wrote public/${name}`);
  }
  writeFileSync(join(out, 'icon.svg'), svg({ maskable: false }));
} finally {
  await browser.close();
}
