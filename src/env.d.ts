declare namespace App {
  interface Locals {
    /**
     * The TCP peer's address, set by the front door (scripts/serve.mjs). Absent under `astro dev`,
     * where Astro's own `clientAddress` is the first X-Forwarded-For entry, which clients write.
     */
    peerAddress?: string | undefined;
  }
}
