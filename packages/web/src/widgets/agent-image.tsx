import type { RenderImageArgs } from '@drawbridge/protocol';
import { useState } from 'react';
import './agent-image.css';

/** An image the agent chose: https only (the schema saw to it), lazy, sent without a referrer. */
export function AgentImage({ image }: { image: RenderImageArgs }) {
  const [phase, setPhase] = useState<'loading' | 'loaded' | 'broken'>('loading');
  const host = new URL(image.url).host;
  const aspectRatio = image.width && image.height ? `${image.width} / ${image.height}` : undefined;
  return (
    <figure className="agent-image" data-phase={phase}>
      {phase === 'broken' ? (
        <div
          className="agent-image__broken"
          role="img"
          aria-label={`Image could not be loaded: ${image.alt}`}
        >
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <path
              d="M4 5h16v14H4zM4 15l4-4 3 3 3-4 6 6M3 3l18 18"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="agent-image__broken-title">The image could not be loaded</span>
          <span className="agent-image__broken-detail">{image.alt}</span>
          <a className="agent-image__source" href={image.url} target="_blank" rel="noopener noreferrer">
            Open from {host}
          </a>
        </div>
      ) : (
        <div className="agent-image__frame" style={aspectRatio ? { aspectRatio } : undefined}>
          <img
            className="agent-image__img"
            src={image.url}
            alt={image.alt}
            width={image.width}
            height={image.height}
            loading="lazy"
            decoding="async"
            referrerPolicy="no-referrer"
            onLoad={() => setPhase('loaded')}
            onError={() => setPhase('broken')}
          />
        </div>
      )}
      {(image.caption || phase !== 'broken') && (
        <figcaption className="agent-image__caption">
          {image.caption && <span>{image.caption}</span>}
          {phase !== 'broken' && <span className="agent-image__host">{host}</span>}
        </figcaption>
      )}
    </figure>
  );
}
