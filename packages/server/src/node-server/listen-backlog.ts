/**
 * Connections the kernel may hold for the server before it accepts them (capped by `net.core.somaxconn`).
 * Node's default, 511, overflows when a thousand clients connect at once, and each dropped connection
 * waits a one-second SYN retransmit before it is even seen (bench/stream.ts, column `start ms`).
 */
export const listenBacklog = 4096;
