import { describe, expect, it } from 'vitest'
import { isPrivateAddress, pointsToPrivate } from '#/modules/webhooks/webhooks.addresses.ts'

describe('isPrivateAddress', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast and unspecified addresses in every spelling', () => {
    for (const a of [
      '127.0.0.1',
      '127.255.0.9',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.1.2.3',
      '64:ff9b::a9fe:a9fe',
      'not an address',
    ])
      expect(isPrivateAddress(a), a).toBe(true)
  })

  it('lets public addresses through', () => {
    for (const a of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:93.184.216.34'])
      expect(isPrivateAddress(a), a).toBe(false)
  })
})

describe('pointsToPrivate', () => {
  const resolveTo = (addresses: string[]) => async () => addresses
  it('refuses a name when any address it resolves to is private, and localhost names without asking', async () => {
    expect(await pointsToPrivate(new URL('https://hooks.example.com/x'), resolveTo(['93.184.216.34', '10.0.0.5']))).toBe(true)
    expect(await pointsToPrivate(new URL('https://hooks.example.com/x'), resolveTo(['93.184.216.34']))).toBe(false)
    expect(await pointsToPrivate(new URL('http://LOCALHOST./x'), resolveTo(['93.184.216.34']))).toBe(true)
    expect(await pointsToPrivate(new URL('http://[::ffff:127.0.0.1]/x'))).toBe(true)
  })

  it('lets a name that does not resolve now through (it is checked again at each delivery)', async () => {
    expect(
      await pointsToPrivate(new URL('https://not-yet.example/x'), async () => {
        throw new Error('ENOTFOUND')
      }),
    ).toBe(false)
  })
})
