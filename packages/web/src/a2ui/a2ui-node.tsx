import { a2uiChildrenOf, a2uiTreeLimits } from '@drawbridge/protocol';
import { A2uiButton, A2uiCheckBox, A2uiChoicePicker } from './a2ui-choice-components.tsx';
import { A2uiAudioPlayer, A2uiIcon, A2uiImage, A2uiText, A2uiVideo } from './a2ui-content-components.tsx';
import { A2uiDateTimeInput, A2uiSlider, A2uiTextField } from './a2ui-field-components.tsx';
import { A2uiCard, A2uiDivider, A2uiFlex, A2uiList, A2uiModal, A2uiTabs } from './a2ui-layout-components.tsx';
import { useA2uiRenderContext } from './a2ui-render-context.ts';

/**
 * One component of the surface by id, drawn in `scopePath` (the template item it stands for). A component that
 * has not arrived yet is a quiet placeholder, so a surface streaming in fills its gaps as they come; the walk
 * stops at the same depth as `walkA2uiTree`, so a component that contains itself cannot recurse forever.
 */
export function A2uiNode({ id, scopePath, depth }: { id: string; scopePath: string; depth: number }) {
  const { surface, dataModel } = useA2uiRenderContext();
  const component = surface.components.get(id);
  if (component === undefined || depth > a2uiTreeLimits.depth) {
    return <span className="a2ui-pending" data-a2ui-missing={id} aria-hidden="true" />;
  }
  const children = () =>
    a2uiChildrenOf(component, scopePath, dataModel).map((child) => (
      <A2uiNode key={child.key} id={child.id} scopePath={child.scopePath} depth={depth + 1} />
    ));
  const props = { scopePath, depth };
  switch (component.component) {
    case 'Text':
      return <A2uiText component={component} {...props} />;
    case 'Image':
      return <A2uiImage component={component} {...props} />;
    case 'Icon':
      return <A2uiIcon component={component} {...props} />;
    case 'Video':
      return <A2uiVideo component={component} {...props} />;
    case 'AudioPlayer':
      return <A2uiAudioPlayer component={component} {...props} />;
    case 'Row':
    case 'Column':
      return <A2uiFlex component={component}>{children()}</A2uiFlex>;
    case 'List':
      return <A2uiList component={component}>{children()}</A2uiList>;
    case 'Card':
      return <A2uiCard component={component}>{children()}</A2uiCard>;
    case 'Tabs':
      return <A2uiTabs component={component} {...props} />;
    case 'Modal':
      return <A2uiModal component={component} {...props} />;
    case 'Divider':
      return <A2uiDivider component={component} />;
    case 'Button':
      return <A2uiButton component={component} {...props} />;
    case 'CheckBox':
      return <A2uiCheckBox component={component} {...props} />;
    case 'ChoicePicker':
      return <A2uiChoicePicker component={component} {...props} />;
    case 'TextField':
      return <A2uiTextField component={component} {...props} />;
    case 'DateTimeInput':
      return <A2uiDateTimeInput component={component} {...props} />;
    case 'Slider':
      return <A2uiSlider component={component} {...props} />;
    default: {
      const exhaustiveCheck: never = component;
      throw new Error(`Unknown A2UI component ${JSON.stringify(exhaustiveCheck)}`);
    }
  }
}
