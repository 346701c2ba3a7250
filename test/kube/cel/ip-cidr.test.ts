// The IP and CIDR libraries (apiserver library/ip_test.go and cidr_test.go facts) and Go's
// netip edge cases behind them.

import { describe, expect, test } from '@jest/globals'
import { parseAddr, parsePrefix } from '../../../src/go/netip.js'
import { errorOf, evaluate, valueOf } from './evaluate.js'

describe('netip', () => {
  test.each([
    ['2001:DB8:0:0:0:0:0:68', '2001:db8::68'],
    ['0:0:0:0:0:0:0:1', '::1'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['2001:0:0:1:0:0:0:1', '2001:0:0:1::1'],
    ['::ffff:1.2.3.4', '::ffff:1.2.3.4'],
    ['fe80::1%eth0', 'fe80::1%eth0'],
    ['1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8'],
    ['1:0:3:4:5:6:7:8', '1:0:3:4:5:6:7:8']
  ])('%s is written %s', (input, canonical) => {
    expect(parseAddr(input).toString()).toBe(canonical)
  })

  test.each([
    ['1.2.3', 'ParseAddr("1.2.3"): IPv4 address too short'],
    ['01.2.3.4', 'ParseAddr("01.2.3.4"): IPv4 field has octet with leading zero'],
    ['256.0.0.1', 'ParseAddr("256.0.0.1"): IPv4 field has value >255'],
    ['1..2.3', 'ParseAddr("1..2.3"): IPv4 field must have at least one digit (at ".2.3")'],
    ['1.2.3.a', 'ParseAddr("1.2.3.a"): unexpected character (at "a")'],
    ['', 'ParseAddr(""): unable to parse IP'],
    ['%eth0', 'ParseAddr("%eth0"): missing IPv6 address'],
    ['fe80::1%', 'ParseAddr("fe80::1%"): zone must be a non-empty string'],
    ['1::2::3', 'ParseAddr("1::2::3"): multiple :: in address (at ":3")'],
    ['1:2:3:4:5:6:7', 'ParseAddr("1:2:3:4:5:6:7"): address string too short'],
    [
      '1:2:3:4:5:6:7:8::',
      'ParseAddr("1:2:3:4:5:6:7:8::"): the :: must expand to at least one field of zeros'
    ],
    ['12345::1', 'ParseAddr("12345::1"): each group must have 4 or less digits (at "12345::1")'],
    [
      '1:2:3:4:5:6:7:1.2.3.4',
      'ParseAddr("1:2:3:4:5:6:7:1.2.3.4"): embedded IPv4 address must replace the final 2 fields of the address (at "1.2.3.4")'
    ],
    ['::1.2.3', 'ParseAddr("::1.2.3"): IPv4 address too short']
  ])('%j is rejected: %s', (input, message) => {
    expect(() => parseAddr(input)).toThrow(message)
  })

  test.each([
    ['10.0.0.0/08', 'netip.ParsePrefix("10.0.0.0/08"): bad bits after slash: "08"'],
    ['10.0.0.0/+8', 'netip.ParsePrefix("10.0.0.0/+8"): bad bits after slash: "+8"'],
    ['10.0.0.0/33', 'netip.ParsePrefix("10.0.0.0/33"): prefix length out of range'],
    ['10.0.0.0', `netip.ParsePrefix("10.0.0.0"): no '/'`],
    [
      'fe80::%eth0/64',
      'netip.ParsePrefix("fe80::%eth0/64"): IPv6 zones cannot be present in a prefix'
    ]
  ])('prefix %j is rejected: %s', (input, message) => {
    expect(() => parsePrefix(input)).toThrow(message)
  })
})

describe('the IP library', () => {
  test.each([
    ['isIP("192.168.0.1")', true],
    ['isIP("192.168.0.1.0")', false],
    ['ip.isCanonical("127.0.0.1")', true],
    ['ip.isCanonical("2001:db8::68")', true],
    ['ip.isCanonical("2001:DB8::68")', false],
    ['ip("192.168.0.1").family()', 4],
    ['ip("2001:db8::68").family()', 6],
    ['ip("0.0.0.0").isUnspecified()', true],
    ['ip("::").isUnspecified()', true],
    ['ip("127.0.0.1").isLoopback()', true],
    ['ip("::1").isLoopback()', true],
    ['ip("224.0.0.1").isLinkLocalMulticast()', true],
    ['ip("224.0.1.1").isLinkLocalMulticast()', false],
    ['ip("ff02::1").isLinkLocalMulticast()', true],
    ['ip("169.254.169.254").isLinkLocalUnicast()', true],
    ['ip("fe80::1").isLinkLocalUnicast()', true],
    ['ip("fd80::1").isLinkLocalUnicast()', false],
    ['ip("192.168.0.1").isGlobalUnicast()', true],
    ['ip("255.255.255.255").isGlobalUnicast()', false],
    ['ip("ff00::1").isGlobalUnicast()', false],
    ['string(ip("2001:DB8::68"))', '2001:db8::68'],
    ['type(ip("192.168.0.1")) == net.IP', true],
    ['ip("192.168.0.1") == ip("192.168.0.1")', true],
    ['ip("::1") == ip("::0:1")', true],
    ['ip("::1") == ip("::2")', false]
  ])('%s is %j', (expression, value) => {
    expect(valueOf(expression)).toEqual(value)
  })

  test.each([
    [
      'ip("192.168.0.1.0")',
      'IP Address "192.168.0.1.0" parse error during conversion from string: ParseAddr("192.168.0.1.0"): IPv4 address too long'
    ],
    [
      'ip("2001:db8:::68")',
      'IP Address "2001:db8:::68" parse error during conversion from string: ParseAddr("2001:db8:::68"): each colon-separated field must have at least one digit (at ":68")'
    ],
    ['ip("fe80::1%eth0")', 'IP address "fe80::1%eth0" with zone value is not allowed'],
    ['ip("::ffff:1.2.3.4")', 'IPv4-mapped IPv6 address "::ffff:1.2.3.4" is not allowed']
  ])('%s fails: %s', (expression, message) => {
    expect(errorOf(expression)).toBe(message)
  })

  test('isIP takes only strings', () => {
    expect(evaluate('isIP(cidr("192.168.0.0/24"))').compileError).toMatch(
      /found no matching overload for 'isIP' applied to '\(net.CIDR\)'/
    )
  })

  test('the IP library starts in 1.30, in StoredExpressions first', () => {
    expect(evaluate('isIP("1.2.3.4")', { version: '1.30', mode: 'new' }).compileError).toMatch(
      /undeclared reference to 'isIP'/
    )
    expect(valueOf('isIP("1.2.3.4")', { version: '1.30', mode: 'stored' })).toBe(true)
  })
})

describe('the CIDR library', () => {
  test.each([
    ['cidr("192.168.0.0/24").containsIP(ip("192.168.0.1"))', true],
    ['cidr("192.168.0.0/24").containsIP(ip("192.168.1.1"))', false],
    ['cidr("192.168.0.0/24").containsIP("192.168.0.1")', true],
    ['cidr("192.168.0.0/24").containsCIDR(cidr("192.168.0.0/25"))', true],
    ['cidr("192.168.0.0/24").containsCIDR(cidr("192.168.0.1/32"))', true],
    ['cidr("192.168.0.0/24").containsCIDR(cidr("192.168.0.0/23"))', false],
    ['cidr("192.168.0.0/24").containsCIDR("192.168.0.0/25")', true],
    ['cidr("2001:db8::/32").containsIP(ip("2001:db8::1"))', true],
    ['cidr("2001:db8::/32").containsIP("2001:dc8::1")', false],
    ['cidr("2001:db8::/32").containsCIDR(cidr("2001:db8::/33"))', true],
    ['cidr("192.168.0.1/24").masked() == cidr("192.168.0.0/24")', true],
    ['cidr("192.168.0.1/24") == cidr("192.168.0.0/24")', false],
    ['string(cidr("192.168.0.1/24").ip())', '192.168.0.1'],
    ['string(cidr("2001:db8:1::/32").masked())', '2001:db8::/32'],
    ['cidr("2001:db8::/32").prefixLength()', 32],
    ['isCIDR("192.168.0.0/24")', true],
    ['isCIDR("192.168.0.0")', false],
    ['type(cidr("192.168.0.0/24")) == net.CIDR', true]
  ])('%s is %j', (expression, value) => {
    expect(valueOf(expression)).toEqual(value)
  })

  test('parse errors are wrapped twice, as in the apiserver', () => {
    expect(errorOf('cidr("192.168.0.0/")')).toBe(
      'network address parse error during conversion from string: network address parse error during conversion from string: netip.ParsePrefix("192.168.0.0/"): bad bits after slash: ""'
    )
  })

  test('an unparsable IP string reports no matching overload', () => {
    expect(errorOf('cidr("10.0.0.0/8").containsIP("10.0.0")')).toBe('no such overload')
  })

  test('containsCIDR on a network inside an unmasked one differs before 1.33', () => {
    const expression = 'cidr("10.0.0.0/8").containsCIDR(cidr("10.1.0.0/16"))'
    expect(valueOf(expression, { version: '1.33' })).toBe(true)
    expect(valueOf(expression, { version: '1.32' })).toBe(false)
  })
})
