import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { webBuildDir } from '../src/paths';

// What the browser downloads must hold no secret and no server-only code: every file of the client
// build is read and searched.

const FORBIDDEN: [label: string, pattern: RegExp][] = [
  ['a private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
  ['a connection string with a password', /\b(?:postgres(?:ql)?|redis|smtps?):\/\/[^\s"'`:/@]+:[^\s"'`@]+@/],
  ['an AWS access key id', /\bAKIA[0-9A-Z]{16}\b/],
  [
    'a server secret variable',
    /\b(?:JWT_SECRET|S3_SECRET_ACCESS_KEY|FACEBOOK_PAGE_TOKEN|ADMIN_PASSWORD|SMTP_URL|DATABASE_URL)\b/,
  ],
  ['the database driver', /@electric-sql\/pglite|drizzle-orm|\bpg-pool\b|pg-protocol/],
  ['password hashing', /@node-rs\/argon2|argon2id\$/],
  ['the mailer or object storage SDK', /nodemailer|@aws-sdk\/client-s3|ioredis/],
  [
    'a Node built-in',
    /from\s*["']node:(?:fs|child_process|net|crypto)["']|require\(["'](?:fs|child_process)["']\)/,
  ],
  ['the API source', /apps\/api\/src\//],
];

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('the browser bundle', () => {
  it('has patterns that do catch what they look for', () => {
    const samples = [
      '-----BEGIN RSA PRIVATE KEY-----',
      'postgres://app:s3cret@db:5432/tv',
      'AKIAABCDEFGHIJKLMNOP',
      'process.env.JWT_SECRET',
      'import "drizzle-orm"',
      '$argon2id$v=19',
      'nodemailer',
      'import x from "node:fs"',
      '/work/apps/api/src/app.ts',
    ];
    expect(samples.map((sample, i) => FORBIDDEN[i]![1].test(sample))).toEqual(samples.map(() => true));
  });

  it('holds no secret and no server-only module', async () => {
    const clientDir = path.join(webBuildDir, 'client');
    const files = (await filesUnder(clientDir)).filter((f) =>
      /\.(?:m?js|css|html|json|webmanifest|map)$/.test(f),
    );
    expect(files.filter((f) => f.endsWith('.js')).length).toBeGreaterThan(5);
    const found: string[] = [];
    let bytes = 0;
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      bytes += text.length;
      for (const [label, pattern] of FORBIDDEN) {
        const match = pattern.exec(text);
        if (match !== null)
          found.push(`${path.relative(clientDir, file)}: ${label} (${match[0].slice(0, 60)})`);
      }
    }
    process.stdout.write(`browser bundle: ${files.length} files, ${(bytes / 1e6).toFixed(1)} MB searched\n`);
    expect(found).toEqual([]);
  });
});
