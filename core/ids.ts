/** The short form of a record's id that people read and say aloud: its first 8 characters, upper case (a pass id, a wallet). */
export const shortIdOf = (id: string) => id.slice(0, 8).toUpperCase();
