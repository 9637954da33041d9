/** Random secrets handed out in cookies and links, and the SHA-256 the server keeps in their place. */

const hex = (bytes: ArrayBuffer | Uint8Array) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** 256 random bits as 64 hex characters: safe in a cookie and in a URL as it is. */
export const randomSecret = () => hex(crypto.getRandomValues(new Uint8Array(32)));

/** What is stored instead of a secret: a listing of the database then signs nobody in and opens no link. */
export const sha256Hex = async (secret: string) => hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret)));
