/**
 * The few web-platform globals the domain uses, present alike in browsers and in Node ≥ 16.
 * Declared here so the package needs neither the DOM library nor Node's types.
 */
declare function atob(data: string): string;
declare function btoa(data: string): string;
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean });
  decode(input: Uint8Array): string;
}
declare class TextEncoder {
  encode(input: string): Uint8Array;
}
