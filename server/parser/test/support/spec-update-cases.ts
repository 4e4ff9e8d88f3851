/**
 * The tree construction cases of the WHATWG changes of September 2026
 * (whatwg/html#12908 and #12911), which tree-spec-updates.test.ts runs and
 * incremental.test.ts edits. A module of its own, not an export of the test
 * file: a test file that imports another registers that file's tests again
 * in a parallel run (see .mocharc.cjs).
 */
/** The cases, in the `.dat` format: each description names the spec step that gives the tree. */
export const SPEC_UPDATE_CASES = `#description
#12908: after head, anything else inserts the body and sets frameset-ok to "ok" (the template in head set it to "not ok"); a frameset start tag in body then replaces the body
#data
<head><template></template></head><p><frameset>
#errors
#document
| <html>
|   <head>
|     <template>
|       content
|   <frameset>

#description
#12908: the text of a head template's contents sets frameset-ok to "not ok" (in body, any other character); the implied body resets it
#data
<template>x</template><p><frameset>
#errors
#document
| <html>
|   <head>
|     <template>
|       content
|         "x"
|   <frameset>

#description
#12908: a template after </head> goes into the head (after head, template start tag) and sets frameset-ok to "not ok"; the implied body resets it
#data
<head></head><template></template><p><frameset>
#errors
#document
| <html>
|   <head>
|     <template>
|       content
|   <frameset>

#description
#12908: a character after the template is body content: it is reprocessed in body after the reset and sets frameset-ok to "not ok" again
#data
<template></template>x<frameset>
#errors
#document
| <html>
|   <head>
|     <template>
|       content
|   <body>
|     "x"

#description
#12908: a template in body (in body, template start tag, using the rules for in head) sets frameset-ok to "not ok" after the body was inserted
#data
<p><template></template><frameset>
#errors
#document
| <html>
|   <head>
|   <body>
|     <p>
|       <template>
|         content

#description
#12908: a body start tag in after head inserts the body and sets frameset-ok to "not ok" (that entry is unchanged)
#data
<template></template><body><frameset>
#errors
#document
| <html>
|   <head>
|     <template>
|       content
|   <body>

#description
#12911: in table, a form start tag while parsing template contents is inserted (and popped) without setting the form element pointer
#data
<template><table><form></table></template>
#errors
#document
| <html>
|   <head>
|     <template>
|       content
|         <table>
|           <form>
|   <body>

#description
#12911: a form start tag in a row (in row, anything else, using the rules for in table) while parsing template contents is inserted in the tr
#data
<template><tr><form>
#errors
#document
| <html>
|   <head>
|     <template>
|       content
|         <tr>
|           <form>
|   <body>

#description
#12911: a template context element makes the parser parse template contents: in table, the form is inserted
#data
<table><form></table>
#errors
#document-fragment
template
#document
| <table>
|   <form>

#description
#12911: in body, form start tags while parsing template contents do not set the form element pointer, so nested forms are kept
#data
<template><form><form><input></template>
#errors
#document
| <html>
|   <head>
|     <template>
|       content
|         <form>
|           <form>
|             <input>
|   <body>

#description
#12911: a template context element: the first form does not set the pointer, so the second nests
#data
<form><form>
#errors
#document-fragment
template
#document
| <form>
|   <form>

#description
#12911: a form end tag while parsing template contents takes the template branch (form in scope: generate implied end tags, pop up to the form), not the pointer one; the div is popped with the form and its end tag is ignored
#data
<br>BC<form>D<div>E</form>F</div>G
#errors
#document-fragment
template
#document
| <br>
| "BC"
| <form>
|   "D"
|   <div>
|     "E"
| "FG"

#description
#12911: a form in an inner template's contents does not set the pointer either; the outer form's children take the next form
#data
<template><form><template></template><form></template>
#errors
#document
| <html>
|   <head>
|     <template>
|       content
|         <form>
|           <template>
|             content
|           <form>
|   <body>

#data
<template><template><form></template><form></template>
#errors
#document
| <html>
|   <head>
|     <template>
|       content
|         <template>
|           content
|             <form>
|         <form>
|   <body>

#description
#12911: outside template contents the pointer is still used: the form set it, the template's form leaves it, and the last form is ignored
#data
<form><template><form></template><form>
#errors
#document
| <html>
|   <head>
|   <body>
|     <form>
|       <template>
|         content
|           <form>
`;
