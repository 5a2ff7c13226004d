import type { WidgetEnvironment } from '../widget-card/widget-environment.ts';
import { isTrustedLinkHost } from './trusted-link-hosts.ts';
import { pageLinkBudget, type WidgetLinkOptions } from './widget-bridge.ts';

/** Opens `url` in a new tab with no opener and no referrer. */
export function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * How the page carries out the links of the widget `lineageId`: its own budget, the page's user activation, the
 * environment's trusted hosts and confirmation (read when a link comes, so a later setting applies).
 */
export function widgetLinkOptions({
  lineageId,
  environment,
}: {
  lineageId: string;
  environment: () => WidgetEnvironment;
}): WidgetLinkOptions {
  return {
    budget: pageLinkBudget(lineageId),
    hasUserActivation: () => navigator.userActivation?.isActive === true,
    isTrustedHost: (hostname) =>
      isTrustedLinkHost({ hostname, trustedHosts: environment().trustedLinkHosts }),
    confirmLink: (url) => environment().confirmLink(url),
    openWindow: openInNewTab,
  };
}
