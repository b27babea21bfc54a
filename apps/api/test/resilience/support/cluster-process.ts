import type { ChildProcess } from 'node:child_process'
import net from 'node:net'
import { dirname, resolve } from 'node:path'
import { childEnv, repoRoot, spawnUntilReady, type Exit } from './server-process.ts'

// `npm run cluster` as a child process: the launcher (scripts/cluster/cluster.ts) with its nginx and instances.

const clusterEntry = resolve(repoRoot, 'scripts/cluster/cluster.ts')

export interface Cluster {
  /** nginx's address. */
  url: string
  instances: { url: string; pid: number }[]
  /** nginx's temporary folder (its config and access log). */
  prefix: string
  child: ChildProcess
  output: () => string
  exited: Promise<Exit>
}

export function startCluster(args: string[], env: Record<string, string>, timeoutMs = 90_000): Promise<Cluster> {
  return spawnUntilReady(clusterEntry, args, childEnv(env), { what: 'the cluster', timeoutMs, timeoutSignal: 'SIGTERM' }, (out, child, exited, output) => {
    const front = /cluster is running at (http:\/\/\S+)/.exec(out)
    const conf = /nginx: +(\S+)\/nginx\.conf/.exec(out)
    if (!front || !conf) return undefined
    const instances = [...out.matchAll(/^ {2}api-\d+ (http:\/\/\S+) \(pid (\d+)\)/gm)].map((m) => ({ url: m[1]!, pid: Number(m[2]) }))
    return { url: front[1]!, instances, prefix: dirname(`${conf[1]}/nginx.conf`), child, output, exited }
  })
}

/** True when a Redis server answers PING at host:port. */
export function redisAnswers(host = '127.0.0.1', port = 6379): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const socket = net.connect({ host, port })
    const done = (ok: boolean) => {
      socket.destroy()
      resolvePromise(ok)
    }
    socket.setTimeout(1000, () => done(false))
    socket.once('error', () => done(false))
    socket.once('connect', () => socket.write('PING\r\n'))
    socket.once('data', (d) => done(d.toString().startsWith('+PONG')))
  })
}

/** Whether a process still runs. */
export const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
