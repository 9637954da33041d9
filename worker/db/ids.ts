/** Primary keys are random UUIDs: unguessable, so an id in a URL reveals nothing about others. */
export const newId = (): string => crypto.randomUUID();
