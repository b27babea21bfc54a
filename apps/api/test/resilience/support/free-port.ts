import net from 'node:net'

/** A port of 127.0.0.1 that nothing listens on, picked at random in [from, from + span). */
export async function freePort(from: number, span: number): Promise<number> {
  for (;;) {
    const port = from + Math.floor(Math.random() * span)
    const free = await new Promise<boolean>((resolve) => {
      const s = net
        .createServer()
        .once('error', () => resolve(false))
        .listen(port, '127.0.0.1', () => s.close(() => resolve(true)))
    })
    if (free) return port
  }
}
