/**
 * Work that follows a committed D1 write (a notice, an auto top-up): best effort. Its failure is
 * logged and never reaches the write it follows, which stands whatever happens here.
 */
export async function afterCommit(what: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    console.error(`${what} failed after the change committed; the change stands`, error);
  }
}
