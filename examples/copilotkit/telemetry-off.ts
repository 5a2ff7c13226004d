// CopilotKit's runtime reports usage to CopilotKit's servers unless told not to, and decides when its module
// loads: this module is imported first, before any of CopilotKit's. The app then reaches no server but its own.
process.env.COPILOTKIT_TELEMETRY_DISABLED = 'true';
