import type { FrameTheme, RenderImageArgs } from '@drawbridge/protocol';
import { useState } from 'react';
import { useDocumentTheme } from './use-document-theme.ts';
import './agent-image.css';

/**
 * The sandboxed, script-less document that may load one remote image (the page itself may not), in the
 * chat's theme, for the message it shows when the image cannot be loaded.
 */
function imageFrameUrl(image: RenderImageArgs, theme: FrameTheme): string {
  return `/frame/image?${new URLSearchParams({ url: image.url, alt: image.alt, theme })}`;
}

/**
 * An image the agent chose: https only (the schema saw to it). A model-chosen URL can carry what the model
 * read to any server, so nothing is requested until the user asks; then it loads inside a sandboxed
 * frame, without a referrer. Where no such frame can be had (an MCP host's view may load nothing remote),
 * `openImage` opens the image in the user's browser instead.
 */
export function AgentImage({
  image,
  openImage,
}: {
  image: RenderImageArgs;
  openImage?: (url: string) => void;
}) {
  const [requested, setRequested] = useState(false);
  const theme = useDocumentTheme();
  const host = new URL(image.url).host;
  const aspectRatio = image.width && image.height ? `${image.width} / ${image.height}` : '4 / 3';
  return (
    <figure className="agent-image" data-phase={requested ? 'loaded' : 'blocked'}>
      {requested ? (
        <div className="agent-image__frame" style={{ aspectRatio }}>
          <iframe
            className="agent-image__img"
            title={image.alt}
            src={imageFrameUrl(image, theme)}
            sandbox=""
            referrerPolicy="no-referrer"
            loading="lazy"
          />
        </div>
      ) : (
        <div className="agent-image__blocked">
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <path
              d="M4 5h16v14H4zM4 15l4-4 3 3 3-4 6 6"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="agent-image__blocked-detail">{image.alt}</span>
          {openImage ? (
            <button type="button" className="agent-image__load" onClick={() => openImage(image.url)}>
              Open image from {host}
            </button>
          ) : (
            <button type="button" className="agent-image__load" onClick={() => setRequested(true)}>
              Load image from {host}
            </button>
          )}
        </div>
      )}
      <figcaption className="agent-image__caption">
        {image.caption && <span>{image.caption}</span>}
        <a className="agent-image__host" href={image.url} target="_blank" rel="noopener noreferrer">
          {host}
        </a>
      </figcaption>
    </figure>
  );
}
