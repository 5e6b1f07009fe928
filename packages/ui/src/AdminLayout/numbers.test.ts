import { describe, expect, it } from 'vitest';
import { isHost, isHttpUrl, isIpAddress, parseDecimal, parseWhole } from './numbers';

describe('what operators type', () => {
  it('reads whole numbers in either script, with or without separators', () => {
    expect(parseWhole('120000')).toBe(120000);
    expect(parseWhole(' ۱۲۰٬۰۰۰ ')).toBe(120000);
    expect(parseWhole('120,000')).toBe(120000);
    expect(parseWhole('0')).toBe(0);
    for (const bad of ['', '12.5', '-3', '1e5', 'ten', '۱۲a']) expect(parseWhole(bad)).toBeNull();
  });

  it('reads decimals in either script', () => {
    expect(parseDecimal('1.5')).toBe(1.5);
    expect(parseDecimal('۱٫۵')).toBe(1.5);
    expect(parseDecimal('2')).toBe(2);
    for (const bad of ['', '.5', '1.', '-1', 'x']) expect(parseDecimal(bad)).toBeNull();
  });

  it('accepts http and https addresses only', () => {
    expect(isHttpUrl('https://t.me/separ_support')).toBe(true);
    expect(isHttpUrl('http://example.com/a?b=c')).toBe(true);
    for (const bad of ['', 't.me/separ', 'javascript:alert(1)', 'ftp://x.org', 'https://', 'https://a b.com'])
      expect(isHttpUrl(bad)).toBe(false);
  });

  it('tells IP addresses and host names', () => {
    expect(isIpAddress('198.51.100.7')).toBe(true);
    expect(isIpAddress('2001:db8::42')).toBe(true);
    expect(isIpAddress('256.1.1.1')).toBe(false);
    expect(isIpAddress('1.2.3')).toBe(false);
    expect(isIpAddress('example.com')).toBe(false);
    expect(isHost('fra1.separ.example')).toBe(true);
    expect(isHost('203.0.113.24')).toBe(true);
    expect(isHost('localhost')).toBe(false);
    expect(isHost('-bad.example')).toBe(false);
    expect(isHost('has space.example')).toBe(false);
  });
});
