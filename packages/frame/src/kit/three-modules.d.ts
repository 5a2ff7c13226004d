// three.js ships no declarations (and @types/three is not a dependency): the kit loads it untyped and reads it
// through the structural types of runtime/stage-types.ts.
declare module 'three';
declare module 'three/addons/controls/OrbitControls.js';
