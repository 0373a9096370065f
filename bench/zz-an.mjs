const {loadTemplate, analyzeTemplate} = await import('/work/main/dist/engine/index.js')
const t = loadTemplate(process.argv[2]); const t0 = performance.now()
analyzeTemplate(t, {})
console.log('ms', (performance.now()-t0).toFixed(0))
