// The Astro integration that publishes the posters (poster.ts renders them while pages render):
// after a build it copies every poster the build wrote into <outDir>/posters/ (the folder the
// pages link to); in development it serves /posters/<file> from the staging folder.

import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { POSTER_FOLDER, POSTER_STAGING } from './poster.ts';

export function posters(): AstroIntegration {
  let root = process.cwd();
  let buildStarted = 0;
  return {
    name: 'skinning:posters',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:start': () => {
        // File times have a coarse grain on some file systems: a second of slack.
        buildStarted = Date.now() - 1000;
      },
      'astro:build:done': ({ dir, logger }) => {
        const staging = join(root, POSTER_STAGING);
        const target = join(fileURLToPath(dir), POSTER_FOLDER);
        if (!existsSync(staging)) return;
        mkdirSync(target, { recursive: true });
        let copied = 0;
        for (const file of readdirSync(staging)) {
          if (!file.endsWith('.png') || statSync(join(staging, file)).mtimeMs < buildStarted) continue;
          copyFileSync(join(staging, file), join(target, file));
          copied++;
        }
        logger.info(`copied ${copied} posters to ${target}`);
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((request, response, next) => {
          const match = /^\/(?:.*\/)?posters\/([a-z0-9-]+\.png)$/.exec(request.url ?? '');
          const file = match === null ? null : join(root, POSTER_STAGING, match[1]);
          if (file === null || !existsSync(file)) return next();
          response.setHeader('Content-Type', 'image/png');
          response.end(readFileSync(file));
        });
      },
    },
  };
}
