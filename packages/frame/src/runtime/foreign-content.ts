/**
 * Namespaces and the case corrections the HTML parser applies inside `<svg>` and `<math>`.
 *
 * The tokenizer lower-cases every name, so `viewBox` arrives as `viewbox`; SVG needs its camel
 * case back or the attribute does nothing. The lists are the HTML standard's, stored once in
 * camel case and indexed by their lower-case form.
 */

export const htmlNamespace = 'http://www.w3.org/1999/xhtml';
export const svgNamespace = 'http://www.w3.org/2000/svg';
export const mathMlNamespace = 'http://www.w3.org/1998/Math/MathML';
const xlinkNamespace = 'http://www.w3.org/1999/xlink';
const xmlNamespace = 'http://www.w3.org/XML/1998/namespace';
const xmlnsNamespace = 'http://www.w3.org/2000/xmlns/';

const byLowerCase = (names: string) =>
  new Map(names.split(' ').map((name) => [name.toLowerCase(), name] as const));

const svgTagNames = byLowerCase(
  'altGlyph altGlyphDef altGlyphItem animateColor animateMotion animateTransform clipPath feBlend ' +
    'feColorMatrix feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting feDisplacementMap ' +
    'feDistantLight feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur feImage feMerge ' +
    'feMergeNode feMorphology feOffset fePointLight feSpecularLighting feSpotLight feTile feTurbulence ' +
    'foreignObject glyphRef linearGradient radialGradient textPath',
);

const svgAttributeNames = byLowerCase(
  'attributeName attributeType baseFrequency baseProfile calcMode clipPathUnits diffuseConstant edgeMode ' +
    'filterUnits glyphRef gradientTransform gradientUnits kernelMatrix kernelUnitLength keyPoints keySplines ' +
    'keyTimes lengthAdjust limitingConeAngle markerHeight markerUnits markerWidth maskContentUnits maskUnits ' +
    'numOctaves pathLength patternContentUnits patternTransform patternUnits pointsAtX pointsAtY pointsAtZ ' +
    'preserveAlpha preserveAspectRatio primitiveUnits refX refY repeatCount repeatDur requiredExtensions ' +
    'requiredFeatures specularConstant specularExponent spreadMethod startOffset stdDeviation stitchTiles ' +
    'surfaceScale systemLanguage tableValues targetX targetY textLength viewBox viewTarget xChannelSelector ' +
    'yChannelSelector zoomAndPan',
);

const foreignAttributeNamespaces = new Map<string, string>([
  ['xlink:actuate', xlinkNamespace],
  ['xlink:arcrole', xlinkNamespace],
  ['xlink:href', xlinkNamespace],
  ['xlink:role', xlinkNamespace],
  ['xlink:show', xlinkNamespace],
  ['xlink:title', xlinkNamespace],
  ['xlink:type', xlinkNamespace],
  ['xml:lang', xmlNamespace],
  ['xml:space', xmlNamespace],
  ['xmlns', xmlnsNamespace],
  ['xmlns:xlink', xmlnsNamespace],
]);

/** HTML tags that end foreign content when they appear inside `<svg>` or `<math>`. */
const breakoutTags = new Set(
  (
    'b big blockquote body br center code dd div dl dt em embed h1 h2 h3 h4 h5 h6 head hr i img li ' +
    'listing menu meta nobr ol p pre ruby s small span strong strike sub sup table tt u ul var'
  ).split(' '),
);

/** The element name to create for a lower-cased tag name in a namespace. */
export function adjustedTagName(name: string, namespace: string): string {
  return namespace === svgNamespace ? (svgTagNames.get(name) ?? name) : name;
}

/** The qualified name and namespace of an attribute on an element of the given namespace. */
export function adjustedAttribute(
  name: string,
  elementNamespace: string,
): { qualifiedName: string; namespace: string | null } {
  if (elementNamespace === htmlNamespace) return { qualifiedName: name, namespace: null };
  const attributeNamespace = foreignAttributeNamespaces.get(name);
  if (attributeNamespace !== undefined) return { qualifiedName: name, namespace: attributeNamespace };
  if (elementNamespace === svgNamespace)
    return { qualifiedName: svgAttributeNames.get(name) ?? name, namespace: null };
  return { qualifiedName: name === 'definitionurl' ? 'definitionURL' : name, namespace: null };
}

/** True when a foreign element's children are HTML again (`<foreignObject>`, MathML text elements). */
export function isHtmlIntegrationPoint(localName: string, namespace: string): boolean {
  if (namespace === svgNamespace)
    return localName === 'foreignObject' || localName === 'desc' || localName === 'title';
  if (namespace === mathMlNamespace) return /^(mi|mo|mn|ms|mtext)$/.test(localName);
  return false;
}

/** True when an HTML start tag inside foreign content closes that content first. */
export function breaksOutOfForeignContent(tag: {
  name: string;
  attributes: Array<[string, string]>;
}): boolean {
  if (breakoutTags.has(tag.name)) return true;
  return (
    tag.name === 'font' &&
    tag.attributes.some(([name]) => name === 'color' || name === 'face' || name === 'size')
  );
}
