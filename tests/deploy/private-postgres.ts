import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * A PostgreSQL 15 server of the test's own, on a new data directory and its own port (default
 * 5433, DEPLOY_PRIVATE_POSTGRES_PORT), trust auth on loopback: a test may stop and start it without
 * touching the machine's shared server. `remove()` stops it and deletes its directory; it is also
 * run when the test process exits, so a failed or interrupted test leaves nothing running.
 *
 * initdb refuses to run as root, so as root the server runs as the `postgres` user.
 */
export type PrivatePostgres = ReturnType<typeof startPrivatePostgres>

const BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin'

export function startPrivatePostgres(port = Number(process.env.DEPLOY_PRIVATE_POSTGRES_PORT ?? 5433)) {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-private-pg-'))
  const dataDir = path.join(dir, 'data')
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(dir, uid, gid)
  }
  const run = (tool: string, args: string[]) => {
    const command = asRoot
      ? ['runuser', '-u', 'postgres', '--', path.join(BIN, tool), ...args]
      : [path.join(BIN, tool), ...args]
    const result = spawnSync(command[0], command.slice(1), { cwd: dir, encoding: 'utf8' })
    if (result.status !== 0) {
      throw new Error(`${tool} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`)
    }
  }
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`
  const start = () =>
    run('pg_ctl', ['start', '-D', dataDir, '-w', '-t', '60', '-l', path.join(dir, 'server.log'), '-o', options])
  /** A fast shutdown, as `systemctl restart postgresql` does: sessions are ended, the data is kept. */
  const stop = () => run('pg_ctl', ['stop', '-D', dataDir, '-w', '-m', 'fast'])
  let removed = false
  const remove = () => {
    if (removed) return
    removed = true
    process.off('exit', remove)
    try {
      spawnSync(asRoot ? 'runuser' : path.join(BIN, 'pg_ctl'), [
        ...(asRoot ? ['-u', 'postgres', '--', path.join(BIN, 'pg_ctl')] : []),
        'stop',
        '-D',
        dataDir,
        '-w',
        '-m',
        'immediate',
      ])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  process.on('exit', remove)
  try {
    run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'])
    start()
  } catch (error) {
    remove()
    throw error
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, dir, start, stop, remove }
}
