/** Entry of the `drawbridge` command. */
const [command] = process.argv.slice(2);
console.log(command === 'serve' ? 'nothing to serve yet' : 'usage: drawbridge <serve|parse|chat>');
