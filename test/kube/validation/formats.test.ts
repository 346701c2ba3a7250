import { describe, expect, it } from '@jest/globals'
import { errorString } from '../../../src/kube/fielderrors/index.js'
import {
  STRING_FORMATS,
  formatValidator,
  supportedStringFormats
} from '../../../src/kube/validation/formats/strfmt.js'
import { validateValue } from '../../../src/kube/validation/index.js'

/** Good and bad examples per format; most from kube-openapi's strfmt tests. */
const EXAMPLES: Record<string, { good: string[]; bad: string[] }> = {
  uri: {
    good: ['http://somewhere.com', '/absolute/path', 'mailto:a@b.c'],
    bad: ['somewhere.com', '']
  },
  email: {
    good: [
      'blah@gmail.com',
      'test@d.verylongtoplevel',
      'email+tag@gmail.com',
      '" "@example.com',
      '"Abc\\@def"@example.com',
      '"Fred Bloggs"@example.com',
      '"Joe\\\\Blow"@example.com',
      '"Abc@def"@example.com',
      'customer/department=shipping@example.com',
      '$A12345@example.com',
      '!def!xyz%abc@example.com',
      '_somename@example.com',
      "!#$%&'*+-/=?^_`{}|~@example.com",
      "Miles.O'Brian@example.com",
      'postmaster@☁→❄→☃→☀→☺→☂→☹→✝.ws',
      'root@localhost',
      'john@com',
      'api@piston.ninja',
      'Barry Gibbs <bg@example.com>',
      'a@b (Comment)',
      'a@[127.0.0.1]',
      'group: a@b.c;'
    ],
    bad: [
      'somebody@somewhere@com',
      '',
      'plain',
      'Full Name',
      '@b.c',
      'a.@b.c',
      'a..b@c.d',
      'a@[300.1.1.1]',
      '<a@b.c',
      'empty group:;',
      '=?koi8-r?q?abc?= <a@b.c>'
    ]
  },
  hostname: {
    good: [
      'somewhere.com',
      '888.com',
      'a.b.c.d.e.com',
      '1.2.3.4.com',
      'xn--bcher-kva.example.com',
      '☁→❄→☃→☀→☺→☂→☹→✝.ws',
      'www.example.ôlà',
      'ex$ample',
      'localhost',
      'x',
      'x-y',
      'ex=ample.com',
      '<foo>',
      'www.詹姆斯.london'
    ],
    bad: [
      'somewhere.com!',
      'user@email.domain',
      '1.1.1.1',
      'a'.repeat(256),
      `x.y.${'a'.repeat(64)}`,
      'www.example-.org',
      '-www.example.org',
      'www-',
      'www.ex ample.org',
      '_www.example.org',
      'www.詹姆斯.x',
      'a.b.c.d',
      'x.',
      'a.b.c.é;ö'
    ]
  },
  ipv4: {
    good: ['127.0.0.1', '192.168.1.1', '192.168.1.01', '::ffff:1.2.3.4'],
    bad: ['198.168.254.2.2', '1.2.3', '256.1.1.1', '::1', 'a.b.c.d']
  },
  ipv6: {
    good: ['::1', '2001:db8::1', '::ffff:1.2.3.4', '1:2:3:4:5:6:7:8'],
    bad: ['127.0.0.1', 'fe80::1%eth0', '1:2:3:4:5:6:7:8:9', '::ffff:01.2.3.4', ':']
  },
  cidr: {
    good: ['192.0.2.1/24', '192.0.02.1/24', '2001:db8:a0b:12f0::1/32', '1.2.3.4/024', '::/0'],
    bad: [
      '198.168.254.2',
      '2001:db8:a0b:12f0::1',
      '1.2.3.4/33',
      '::1/129',
      '1.2.3.4/',
      '1.2.3.4/-1'
    ]
  },
  mac: {
    good: [
      '01:02:03:04:05:06',
      '01-02-03-04-05-06',
      '0102.0304.0506',
      '01:02:03:04:05:06:07:08',
      '00:00:00:00:fe:80:00:00:00:00:00:00:02:00:5e:10:00:00:00:01'
    ],
    bad: ['01:02:03:04:05', '01:02:03:04:05:0g', '01:02-03:04:05:06', '0102.0304.05060', 'ab']
  },
  uuid: {
    good: ['a8098c1a-f86e-11da-bd1a-00112444be1e', 'A8098C1AF86E11DABD1A00112444BE1E'],
    bad: ['not-a-uuid', 'a8098c1a-f86e-11da-bd1a-00112444be1']
  },
  uuid3: {
    good: ['6fa459ea-ee8a-3ca4-894e-db77e160355e'],
    bad: ['16fd2706-8baf-433b-82eb-8c7fada847da']
  },
  uuid4: {
    good: ['16fd2706-8baf-433b-82eb-8c7fada847da'],
    bad: ['16fd2706-8baf-433b-72eb-8c7fada847da']
  },
  uuid5: { good: ['886313e1-3b8a-5372-9b90-0c9aee199e5d'], bad: ['not-a-uuid'] },
  isbn: { good: ['0321751043', '978-0321751041'], bad: ['836217463'] },
  isbn10: { good: ['0321751043', '0-321-75104-3'], bad: ['836217463', '978-0321751041'] },
  isbn13: { good: ['978-0321751041', '978 0321751041'], bad: ['978-0321751042', '0321751043'] },
  hexcolor: { good: ['#FFFFFF', '#000', 'fff'], bad: ['#fffffffz', '#ff'] },
  rgbcolor: { good: ['rgb(255,255,255)', 'rgb( 0 , 0 , 0 )'], bad: ['rgb(300,0,0)', 'rgb(0,0)'] },
  ssn: { good: ['111-11-1111', '999 99 9999', '123-45 6789'], bad: ['999 99 999', '123456789'] },
  creditcard: {
    good: ['4111-1111-1111-1111', '4012-8888-8888-1881', '4111 1111 1111 1111'],
    bad: ['9999-9999-9999-999', '4111-1111-1111-1112']
  },
  byte: { good: ['aGVsbG8=', 'aGk=', 'YWJj'], bad: ['aGVsbG8', '', 'a-b_'] },
  password: { good: ['anything', ''], bad: [] },
  date: {
    good: ['2006-01-02', '2020-02-29', '0000-01-01'],
    bad: ['2021-02-29', '2006-1-02', '2006-01-32']
  },
  'date-time': {
    good: [
      '2014-12-15T19:30:20.000Z',
      '2014-12-15t19:30:20z',
      '2014-12-15T19:30:20+01:00',
      '2014-12-15T23:59:59.123456789-08:00'
    ],
    bad: ['2014-12-15T24:00:00Z', '2014-12-15', '2014-12-15T19:30:60Z', '2014-12-15T19:30:20']
  },
  duration: {
    good: [
      '0ms',
      '2ms',
      '1h30m',
      '-1.5h',
      '1µs',
      '1  ns',
      '3 days',
      '1nanos',
      '1week',
      '5 minutes and then some'
    ],
    bad: [
      'yada',
      'three week',
      '9999999999999999999999999999999999999999999999999999999 weeks',
      '12 parsecs',
      '12 y',
      '45 wekk',
      '45 weeekks',
      ''
    ]
  },
  bsonobjectid: {
    good: ['507f1f77bcf86cd799439011', '507F1F77BCF86CD799439011'],
    bad: ['507f1f77bcf86cd79943901', '507f1f77bcf86cd79943901z']
  },
  'k8s-short-name': {
    good: ['a', 'a-1', 'a--1--2--b', '0', '1--a--b--2', 'a'.repeat(63)],
    bad: ['', 'A', 'aBc', '-a', 'a_', 'a.b', 'a b', 'a'.repeat(64), 'a-', '1-']
  },
  'k8s-long-name': {
    good: ['a', 'a.1', '1--a--b--2.1', 'a.b.c.d.e', 'a'.repeat(253), `${'a'.repeat(70)}.b`],
    bad: ['', 'A.a', 'a..b', '.a', 'a.', 'a@b', 'a'.repeat(254), 'a-', 'a.-']
  }
}

describe('string formats (kube-openapi strfmt)', () => {
  for (const [format, { good, bad }] of Object.entries(EXAMPLES)) {
    it(`${format}: accepts and rejects as Go does`, () => {
      const validates = formatValidator(format)!
      expect(validates).toBeDefined()
      for (const s of good) expect([s, validates(s)]).toEqual([s, true])
      for (const s of bad) expect([s, validates(s)]).toEqual([s, false])
    })
  }

  it('covers every format Kubernetes supports', () => {
    const supported = supportedStringFormats(36)
    expect([...supported].sort()).toEqual([...STRING_FORMATS.keys()].sort())
    const named = new Set(Object.keys(EXAMPLES).map((f) => f.replaceAll('-', '')))
    for (const f of supported) expect([f, named.has(f)]).toEqual([f, true])
  })

  it('adds the Kubernetes name formats at compatibility version 1.34', () => {
    expect(supportedStringFormats(33).has('k8sshortname')).toBe(false)
    expect(supportedStringFormats(34).has('k8sshortname')).toBe(true)
    expect(supportedStringFormats(34).has('k8slongname')).toBe(true)
  })

  it('reports an invalid value as a type error naming the format as written', () => {
    const schema = { type: 'object', properties: { ip: { type: 'string', format: 'ipv4' } } }
    expect(validateValue(schema, { ip: '1.2.3' }).map((e) => errorString(e))).toEqual([
      'ip: Invalid value: "1.2.3": ip in body must be of type ipv4: "1.2.3"'
    ])
  })
})
