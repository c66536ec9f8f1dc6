import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

function adminCreate(dataDir: string, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin-create.ts', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir, DEMO_DATA: 'false', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 90_000,
  })
}

test('npm run admin:create creates the first admin and prints how to set the password', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-admin-'))
  const first = adminCreate(dataDir, 'Owner@Example.com')
  expect(first.status).toBe(0)
  expect(first.stdout).toContain('Created the admin account owner@example.com.')
  expect(first.stdout).toMatch(/To set the password, open:\n\s+http:\/\/localhost:3000\/api\/auth\/reset-password\/\S+/)

  const again = adminCreate(dataDir, 'owner@example.com')
  expect(again.status).toBe(0)
  expect(again.stdout).toContain('owner@example.com is now an admin.')
}, 180_000)

test('admin:create refuses a missing or malformed address', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-admin-'))
  const result = adminCreate(dataDir, 'not-an-email')
  expect(result.status).toBe(1)
  expect(result.stderr).toContain('Usage: npm run admin:create -- <email>')
}, 60_000)
