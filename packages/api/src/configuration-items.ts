/**
 * Key of an object-array parameter item naming the class Maven would instantiate for it, when
 * that is not the array's own item type: the item's `implementation` attribute, else its element
 * name when that is a dotted class name (`<org.example.Impl>`), as Maven's configurator reads
 * them. A goal whose items are interfaces (plexus FileMappers) picks its implementation by it.
 */
export const IMPLEMENTATION_KEY = '@implementation';
