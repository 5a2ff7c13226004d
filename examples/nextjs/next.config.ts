import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Loaded from node_modules as they are, not bundled: the server finds its frame, skills and demo replies
  // beside its own files, and one zod checks your tool's schema on both sides of the call.
  serverExternalPackages: ['@drawbridge/server', '@drawbridge/protocol', 'zod'],
};

export default nextConfig;
