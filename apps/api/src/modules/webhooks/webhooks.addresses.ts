import { BlockList, isIP } from 'node:net'
import { lookup as dnsLookup } from 'node:dns'
import type { LookupFunction } from 'node:net'

// Where a webhook may go (decision 0048): only public addresses, checked when the hook is made and
// again at every delivery on the address the connection really uses (a public name that resolves to a
// private address later, DNS rebinding, is refused then).

const blocked = new BlockList()
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4')
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
] as const)
  blocked.addSubnet(net, bits, 'ipv6')

/** The IPv4 address an IPv6 one carries (IPv4-mapped ::ffff:a.b.c.d or NAT64 64:ff9b::a.b.c.d), else undefined. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase()
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower)
  if (dotted) return dotted[1]
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower)
  if (!hex) return undefined
  const hi = parseInt(hex[1]!, 16)
  const lo = parseInt(hex[2]!, 16)
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`
}

/** Whether an IP address is loopback, private, link-local or otherwise not a public host. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return blocked.check(address, 'ipv4')
  if (family === 6) {
    const v4 = embeddedIpv4(address)
    return v4 !== undefined ? blocked.check(v4, 'ipv4') : blocked.check(address, 'ipv6')
  }
  return true
}

/** A URL's host as an address or name (brackets of an IPv6 literal taken off). */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1')

/** Names that always mean this machine. */
const isLocalName = (host: string) => {
  const h = host.toLowerCase().replace(/\.$/, '')
  return h === 'localhost' || h.endsWith('.localhost')
}

/**
 * Whether the URL names a loopback, private or link-local host: an address literal, `localhost`, or
 * a name that resolves to one now. A name that does not resolve is let through (it is checked again
 * at each delivery).
 */
export async function pointsToPrivate(url: URL, resolve = defaultResolve): Promise<boolean> {
  const host = hostOf(url)
  if (isIP(host)) return isPrivateAddress(host)
  if (isLocalName(host)) return true
  const addresses = await resolve(host).catch(() => [])
  return addresses.some(isPrivateAddress)
}

const defaultResolve = (host: string): Promise<string[]> =>
  new Promise((ok, fail) => dnsLookup(host, { all: true }, (err, list) => (err ? fail(err) : ok(list.map((a) => a.address)))))

/** Thrown by the guarded lookup for a private address: the connection never opens. */
export class PrivateAddressError extends Error {
  readonly address: string
  constructor(address: string) {
    super(`refused: the host resolves to the private address ${address}`)
    this.address = address
  }
}

/**
 * A lookup for http.request that answers only public addresses: the address it checks is the one the
 * socket connects to, so nothing can change between the check and the connection.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, list) => {
    if (err) return callback(err, '', 4)
    const bad = list.find((a) => isPrivateAddress(a.address))
    if (bad) return callback(new PrivateAddressError(bad.address), '', 4)
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, l: typeof list) => void)(null, list)
    const first = list[0]
    if (!first) return callback(new Error(`no address for ${hostname}`), '', 4)
    callback(null, first.address, first.family)
  })
}
