import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validate } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config.js';
import { buildWebApp } from '../../src/pages/web-app.js';
import { dockerfileInstructions, finalStage, ROOT } from './dockerfile.js';

/**
 * The deployment files (Dockerfile, compose.yaml, deploy/nginx.conf) checked within `npm test`, which starts no
 * container daemon and builds no image (scripts/docker-check.sh does, outside it: minutes of building; docs/deployment.md).
 * Checked here: the Dockerfile with dockerfile-utils' linter (the Docker language server's) and against the
 * project (stages, user, what it copies exists, its command is `npm start`'s); compose.yaml parsed, every variable it
 * sets a documented setting; nginx.conf by nginx itself (`nginx -t`, Debian's package); the browser apps the image
 * build compiles, compiled.
 */
const read = (f: string) => readFileSync(join(ROOT, f), 'utf8');

describe('Dockerfile', () => {
  const text = read('Dockerfile');
  const lines = dockerfileInstructions();
  const stages = lines.filter((l) => /^FROM /i.test(l));
  const final = finalStage(lines);
  // Every stage's base is one build argument: the official image by default, a mirror's or a stand-in's when given.
  const base = /^ARG NODE_IMAGE=(\S+)$/.exec(lines.find((l) => l.startsWith('ARG NODE_IMAGE=')) ?? '')?.[1];

  it('passes the Docker language server linter with no problem', () => {
    expect(validate(text).map((d) => `${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
  });

  it('builds in stages on Node 24, and runs as the unprivileged node user with production dependencies only', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    expect(base).toMatch(/^node:24-/);
    for (const s of stages) expect(s).toMatch(/^FROM \$\{NODE_IMAGE\}( AS \w+)?$/);
    expect(lines.some((l) => /npm ci --omit=dev/.test(l))).toBe(true);
    // The Prisma client is generated and the service compiled in the build stage, which the runtime copies the result
    // of; the browser apps compile there too.
    expect(lines.some((l) => ['scripts/prisma-generate.mjs', 'scripts/build.mjs', 'scripts/build-web.ts'].every((s) => l.includes(s)))).toBe(true);
    expect(final).toContain('COPY --from=build /app/dist ./dist');
    // USER comes after every RUN of the final stage, and the command starts as npm start does.
    const user = final.indexOf('USER node');
    expect(user).toBeGreaterThan(0);
    expect(final.slice(user).some((l) => /^RUN /.test(l))).toBe(false);
    const cmd = JSON.parse(final.find((l) => l.startsWith('CMD '))!.slice(4)) as string[];
    expect(cmd.join(' ')).toBe(JSON.parse(read('package.json')).scripts.start);
  });

  it('copies only what exists, and the build context leaves local state out', () => {
    const sources = lines.filter((l) => /^COPY (?!--from)/.test(l)).flatMap((l) => l.split(/\s+/).slice(1, -1));
    for (const src of sources) if (src !== '.') expect(existsSync(join(ROOT, src)), src).toBe(true);
    const ignored = read('.dockerignore').split('\n');
    for (const local of ['node_modules', '.data', '.git', 'src/db/generated', 'dist']) expect(ignored).toContain(local);
  });

  it('the browser apps it compiles at build compile', async () => {
    for (const app of ['dashboard', 'admin'] as const) expect((await buildWebApp(app)).jsBytes).toBeGreaterThan(10_000);
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as {
    services: Record<
      string,
      {
        environment?: Record<string, string>;
        depends_on?: Record<string, { condition: string }>;
        volumes?: string[];
        build?: string;
        stop_grace_period?: string;
        init?: boolean;
      }
    >;
  };
  const documented = new Set([...read('docs/configuration.md').matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]));

  it('runs two instances of this build behind nginx on Postgres and Redis, each started once its dependencies are healthy', () => {
    const s = compose.services;
    expect(Object.keys(s).sort()).toEqual(['app1', 'app2', 'nginx', 'postgres', 'redis']);
    for (const app of ['app1', 'app2']) {
      expect(s[app]!.build).toBe('.');
      expect(s[app]!.depends_on).toEqual({ postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
      expect(s[app]!.environment).toMatchObject({ TRUST_PROXY: '1', DATABASE_URL: expect.stringMatching(/@postgres:5432\//), REDIS_URL: 'redis://redis:6379' });
    }
    expect(s.nginx!.depends_on).toEqual({ app1: { condition: 'service_healthy' }, app2: { condition: 'service_healthy' } });
    expect(s.nginx!.volumes).toContain('./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro');
  });

  it("gives the instances longer to stop than their drain and jobs take before Docker's SIGKILL, under Docker's init", () => {
    // The drain (SHUTDOWN_GRACE_MS), then the jobs' calls in flight: a provider's deadline (8 s) or a chain node's
    // timeout and retries (about 12.5 s).
    const drainMs = loadConfig({}).SHUTDOWN_GRACE_MS;
    for (const app of ['app1', 'app2']) {
      const [, n, unit] = /^(\d+)(s|m)$/.exec(compose.services[app]!.stop_grace_period ?? '') ?? [];
      expect(Number(n) * (unit === 'm' ? 60_000 : 1000), app).toBeGreaterThanOrEqual(drainMs + 15_000);
      // PID 1 is Docker's init, which passes signals on: the kernel drops one that PID 1 does not handle yet.
      expect(compose.services[app]!.init, app).toBe(true);
    }
  });

  it('sets only settings the service documents (a misspelt variable would be ignored silently)', () => {
    expect(documented.size).toBeGreaterThan(20);
    for (const app of ['app1', 'app2']) for (const name of Object.keys(compose.services[app]!.environment!)) expect(documented, name).toContain(name);
  });
});

describe('deploy/nginx.conf', () => {
  const conf = read('deploy/nginx.conf');

  it('sends to every instance compose runs, and upgrades WebSockets', () => {
    const servers = [...conf.matchAll(/^\s*server (\S+):(\d+)/gm)].map((m) => m[1]);
    expect(servers).toEqual(['app1', 'app2']);
    expect(conf).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(conf).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    // The API's own 502 (a provider failed) is an answer: never retried elsewhere nor counted against the instance.
    expect(conf).toMatch(/^\s*proxy_next_upstream error timeout;$/m);
  });

  it('closes idle upstream connections before the instances do (a POST on a connection being closed would be a 502)', async () => {
    const { httpEnv } = await import('../../src/http/config.js');
    const instanceMs = httpEnv.HTTP_KEEP_ALIVE_TIMEOUT_MS.parse(undefined) as number;
    const upstream = conf.slice(conf.indexOf('upstream '), conf.indexOf('}', conf.indexOf('upstream ')));
    const m = /^\s*keepalive_timeout (\d+)s;$/m.exec(upstream);
    expect(m, 'keepalive_timeout in the upstream block').not.toBeNull();
    expect(Number(m![1]) * 1000).toBeLessThan(instanceMs);
    // compose.yaml does not raise or lower the instances' setting past it.
    expect(read('compose.yaml')).not.toMatch(/HTTP_KEEP_ALIVE_TIMEOUT_MS/);
  });

  it('is a configuration nginx accepts (nginx -t; the instances at loopback, as compose names resolve only inside its network)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nginx-'));
    try {
      writeFileSync(join(dir, 'default.conf'), conf.replace(/server (app\d):8787/g, 'server 127.0.0.1:8787'));
      writeFileSync(
        join(dir, 'nginx.conf'),
        `pid ${dir}/nginx.pid;\nerror_log stderr;\nevents {}\nhttp {\n  access_log off;\n  client_body_temp_path ${dir};\n  proxy_temp_path ${dir};\n  include ${dir}/default.conf;\n}\n`,
      );
      const nginx = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
      const out = execFileSync(nginx, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      expect(out).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
