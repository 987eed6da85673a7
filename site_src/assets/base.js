/* Material's base script (partials/javascripts/base.html, 9.x), as a shared file rather than
 * inline in every page: the scope of what the theme keeps in local storage (the site's root,
 * which the script's tag names in data-scope), and its helpers to read and write it.
 * tests/test_theme.py checks it is still Material's own. */
__md_scope=new URL(document.currentScript.getAttribute("data-scope"),location),__md_hash=e=>[...e].reduce(((e,_)=>(e<<5)-e+_.charCodeAt(0)),0),__md_get=(e,_=localStorage,t=__md_scope)=>JSON.parse(_.getItem(t.pathname+"."+e)),__md_set=(e,_,t=localStorage,a=__md_scope)=>{try{t.setItem(a.pathname+"."+e,JSON.stringify(_))}catch(e){}}
