import {
  type A2uiComponentOf,
  type A2uiScope,
  resolveA2uiString,
  resolveA2uiValue,
} from '@drawbridge/protocol';
import { useState } from 'react';
import { useDocumentTheme } from '../render-tools/use-document-theme.ts';
import { humanizeA2uiName } from './a2ui-accessible-name.ts';
import { useA2uiScope } from './a2ui-bindings.ts';
import { a2uiIconPaths } from './a2ui-icon-paths.ts';

interface ContentProps<Name extends 'Text' | 'Image' | 'Icon' | 'Video' | 'AudioPlayer'> {
  component: A2uiComponentOf<Name>;
  scopePath: string;
}

// Headings sit inside a reply, under the page's own: the catalog's h1 is drawn one level below the page's h2.
const headingLevels = { h1: 3, h2: 4, h3: 5, h4: 6, h5: 6 } as const;

/** Text, in the catalog's variants; plain text only (no markup, no links), as everything a model writes here. */
export function A2uiText({ component, scopePath }: ContentProps<'Text'>) {
  const text = resolveA2uiString(component.text, useA2uiScope(scopePath));
  const variant = component.variant ?? 'body';
  const className = `a2ui-text a2ui-text--${variant}`;
  // A heading with nothing in it (its data not there yet) is no heading: it would only confuse navigation.
  if (variant === 'body' || variant === 'caption' || text.trim() === '')
    return <p className={className}>{text}</p>;
  const Heading = `h${headingLevels[variant]}` as 'h3' | 'h4' | 'h5' | 'h6';
  return <Heading className={className}>{text}</Heading>;
}

function httpsUrl(value: string): URL | undefined {
  if (value.length > 2048 || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  return url.protocol === 'https:' ? url : undefined;
}

function accessibleLabel(component: { accessibility?: { label?: unknown } }, scope: A2uiScope) {
  const label = component.accessibility?.label;
  return label === undefined ? '' : resolveA2uiString(label, scope);
}

/**
 * An image at an https address. A model-chosen URL can carry what it read to any server, so the page loads
 * nothing remote on its own (its CSP allows our origin only): the user asks, and the image loads in the
 * sandboxed, script-less image frame `render_image` uses, without a referrer. Anything but https is refused.
 */
export function A2uiImage({ component, scopePath }: ContentProps<'Image'>) {
  const scope = useA2uiScope(scopePath);
  const [requested, setRequested] = useState(false);
  const theme = useDocumentTheme();
  const address = resolveA2uiString(component.url, scope);
  const description =
    (component.description === undefined ? '' : resolveA2uiString(component.description, scope)) ||
    accessibleLabel(component, scope);
  const url = httpsUrl(address);
  const variant = component.variant ?? 'mediumFeature';
  const className = `a2ui-image a2ui-image--${variant}`;
  if (url === undefined) {
    return (
      <div className={`${className} a2ui-image--refused`} role="img" aria-label={description || 'Image'}>
        <span>Image not shown: only https addresses are loaded.</span>
      </div>
    );
  }
  if (!requested) {
    return (
      <div className={`${className} a2ui-image--blocked`}>
        <button type="button" className="a2ui-image__load" onClick={() => setRequested(true)}>
          {variant === 'icon' || variant === 'avatar' ? (
            <span className="a2ui-visually-hidden">Load image from {url.host}</span>
          ) : (
            <>Load image from {url.host}</>
          )}
        </button>
        {description && variant !== 'icon' && variant !== 'avatar' && (
          <span className="a2ui-image__description">{description}</span>
        )}
      </div>
    );
  }
  const query = new URLSearchParams({ url: url.href, alt: description, theme });
  return (
    <iframe
      className={className}
      data-fit={component.fit ?? 'cover'}
      title={description || `Image from ${url.host}`}
      src={`/frame/image?${query}`}
      sandbox=""
      referrerPolicy="no-referrer"
      loading="lazy"
    />
  );
}

/** One of the catalog's icons (or a path the agent drew), in the text colour. */
export function A2uiIcon({ component, scopePath }: ContentProps<'Icon'>) {
  const scope = useA2uiScope(scopePath);
  const { name } = component;
  const named = typeof name === 'object' && 'svgPath' in name ? undefined : resolveA2uiValue(name, scope);
  const path =
    typeof name === 'object' && 'svgPath' in name
      ? name.svgPath
      : typeof named === 'string' && Object.hasOwn(a2uiIconPaths, named)
        ? a2uiIconPaths[named as keyof typeof a2uiIconPaths]
        : a2uiIconPaths.help;
  // An icon means something (it is often a button's only content): it is named, by the agent or by its name.
  const label =
    accessibleLabel(component, scope) || (typeof named === 'string' ? humanizeA2uiName(named) : '');
  return (
    <svg
      className="a2ui-icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      role={label ? 'img' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
    >
      <path
        d={path}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Media is never played in the page: a link opens it in a new tab (https only). */
function MediaLink({ kind, address, description }: { kind: string; address: string; description: string }) {
  const url = httpsUrl(address);
  return (
    <div className="a2ui-media">
      <span className="a2ui-media__kind">{kind}</span>
      {description && <span>{description}</span>}
      {url ? (
        <a href={url.href} target="_blank" rel="noopener noreferrer">
          Open on {url.host}
        </a>
      ) : (
        <span>Not shown: only https addresses are opened.</span>
      )}
    </div>
  );
}

export function A2uiVideo({ component, scopePath }: ContentProps<'Video'>) {
  const scope = useA2uiScope(scopePath);
  return (
    <MediaLink
      kind="Video"
      address={resolveA2uiString(component.url, scope)}
      description={accessibleLabel(component, scope)}
    />
  );
}

export function A2uiAudioPlayer({ component, scopePath }: ContentProps<'AudioPlayer'>) {
  const scope = useA2uiScope(scopePath);
  const description =
    component.description === undefined ? '' : resolveA2uiString(component.description, scope);
  return (
    <MediaLink kind="Audio" address={resolveA2uiString(component.url, scope)} description={description} />
  );
}
